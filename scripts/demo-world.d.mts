/** The folder of today's demo world for this build: made, or awaited while another process makes it (demo-world.mjs). */
export function demoWorld(): Promise<string>;
/** A server's own data folder from the world: the database copied, the photo files hard-linked. */
export function copyDemoWorld(world: string, dataDir: string): void;
