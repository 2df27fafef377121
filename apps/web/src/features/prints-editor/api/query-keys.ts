/** Every cached query of the prints editor. */
export const printsEditorKeys = {
  all: ['prints-editor'] as const,
  selection: (tempSelectionId: string) => [...printsEditorKeys.all, 'selection', tempSelectionId] as const,
  photo: (photoId: string) => [...printsEditorKeys.all, 'photo', photoId] as const,
  project: (projectId: string) => [...printsEditorKeys.all, 'project', projectId] as const,
};
