import { z } from 'zod/mini';

export const ACTIVATION_STATUSES = ['ACTIVE', 'NOT_ACTIVE', 'IMPORTING', 'DELETING'] as const;
export const activationStatusSchema = z.enum(ACTIVATION_STATUSES);
export type ActivationStatus = z.infer<typeof activationStatusSchema>;

/** GET {photoManagement}/users/activate */
export const activationStateSchema = z.object({ status: activationStatusSchema });
export type ActivationState = z.infer<typeof activationStateSchema>;

/** POST {photoManagement}/users/activate: started is false when the library was not NOT_ACTIVE. */
export const activationStartedSchema = z.object({ started: z.boolean() });
export type ActivationStarted = z.infer<typeof activationStartedSchema>;
