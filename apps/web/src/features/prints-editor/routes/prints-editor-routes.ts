import { preloadNamespaces } from '../../../lib/i18n';

export { PrintsEditorPage } from './prints-editor-page';

/** The editor's texts load while its code downloads, so it renders complete. */
export const loadPrintsEditorResources = (): Promise<void> => preloadNamespaces(['prints-editor']);
