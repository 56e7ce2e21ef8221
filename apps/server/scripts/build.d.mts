/** Builds the server's entry points into `outdir` (a folder inside the repository); see build.mjs. */
export function buildServer(outdir: string): Promise<{ files: number; bytes: number; ms: number }>;
