import type { Project } from '@shoebox/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { isHttpStatus } from '../../../lib/http/errors';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { getProject } from './prints-project';
import { printsEditorKeys } from './query-keys';
import { createTempSelection, getTempSelection } from './temp-selection';

/** What the editor opens with: the selection it orders from, its photos, and the project it continues, if any. */
export interface EditorSource {
  tempSelectionId: string;
  photoIds: string[];
  project: Project | null;
}

/** The part of a saved project's state that says which photos it holds and the selection they came from. */
const savedSelectionSchema = z.object({ tempSelectionId: z.string(), lines: z.array(z.object({ photoId: z.string() })).check(z.minLength(1)) });

/**
 * Opened from the library (a tempSelectionId) or from Saved projects (a projectId alone): a continued
 * project whose selection has expired gets a new one of the same photos, so it can still be ordered.
 */
async function loadSource(http: HttpClient, channel: string, tempSelectionId: string | null, projectId: string | null, signal: AbortSignal): Promise<EditorSource> {
  const project = projectId ? await getProject(http, projectId, signal) : null;
  const saved = project ? z.safeParse(savedSelectionSchema, project.editorState) : null;
  const selectionId = tempSelectionId ?? (saved?.success ? saved.data.tempSelectionId : null);
  if (!selectionId) throw new EditorSourceMissing();
  try {
    const selection = await getTempSelection(http, selectionId, signal);
    return { tempSelectionId: selection.tempSelectionId, photoIds: selection.photoIds, project };
  } catch (error) {
    if (!saved?.success || !isHttpStatus(error, 404)) throw error;
    const photoIds = saved.data.lines.map((line) => line.photoId);
    const created = await createTempSelection(http, { photoIds, channel }, signal);
    return { tempSelectionId: created.tempSelectionId, photoIds, project };
  }
}

/** The address names neither a selection nor a project that holds one. */
export class EditorSourceMissing extends Error {}

export function useEditorSource(tempSelectionId: string | null, projectId: string | null) {
  const { http, channel } = useServices();
  return useQuery({
    queryKey: [...printsEditorKeys.all, 'source', tempSelectionId, projectId] as const,
    queryFn: ({ signal }) => loadSource(http, channel.code, tempSelectionId, projectId, signal),
    retry: false,
    staleTime: Infinity,
  });
}
