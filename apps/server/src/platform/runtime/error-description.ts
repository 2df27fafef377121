/** An error as another process is told it: plain fields that survive IPC, whatever the error carried. */
export interface ErrorDescription {
  name: string;
  message: string;
  code?: string;
  stack?: string;
}

export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code } = error as NodeJS.ErrnoException;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), ...(error.stack === undefined ? {} : { stack: error.stack }) };
}
