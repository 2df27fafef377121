/** The saved file's name, for browsers that honour the download attribute (same-origin links). */
export const chunkFileName = (iteration: number, total: number) => `my-photos-export-${iteration}-of-${total}.zip`;
