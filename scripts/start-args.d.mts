export function startArgs(
  root: string,
  env: NodeJS.ProcessEnv,
  appDir: string,
): { port: string; host: string; dataDir: string; apiUrl: string; argv: string[] };
