/** Why `serve` or `preview` could not listen where asked, in words (shared, so both say it alike). */

/**
 * What to tell someone whose `serve` (or `preview`: `command`) could not listen where asked; null for
 * other failures. A host name that resolves to nothing is said in words, not as getaddrinfo's ENOTFOUND.
 */
export function listenProblem(error: unknown, host: string, port: number, command = 'serve'): string | null {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const fix = `Choose another port with \`offprint ${command} --port N\` (or --port 0 for any free one).`;
  if (code === 'EADDRINUSE')
    return `offprint: port ${port} is already in use (${address}): another program listens there.\n${fix}`;
  if (code === 'EACCES')
    return `offprint: not allowed to listen on port ${port} (${address}): ports below 1024 need administrator rights.\n${fix}`;
  if (code === 'EADDRNOTAVAIL')
    return `offprint: cannot listen on ${host}: it is not an address of this machine.\nChoose another with --host (default 127.0.0.1).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return `offprint: cannot listen on ${host}: no address of this machine has that name.\nChoose another with --host (default 127.0.0.1).`;
  return null;
}
