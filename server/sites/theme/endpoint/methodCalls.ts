/**
 * The call each request-sample library has for an HTTP method (`Net::HTTP::Get`, `HttpMethod.Post`,
 * `cpr::Put`, reqwest's `client.patch`): a table from the upper-case method to the call's name, so a
 * generator can tell a method its library names from one it must send another way.
 */

/** Methods every library here has a call for; libraries add OPTIONS, TRACE or leave some out. */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

/** `methods` named as the library spells them: `Get` (capitalised) or `get` (lower case). */
export function methodCalls(
  methods: readonly Method[],
  spelling: 'capitalised' | 'lower',
): Readonly<Record<string, string>> {
  const name = (method: Method): string =>
    spelling === 'lower' ? method.toLowerCase() : method[0] + method.slice(1).toLowerCase();
  return Object.fromEntries(methods.map((method) => [method, name(method)]));
}
