/**
 * Whether `key` names a message of `group` (a part of the messages: the English reference set on
 * the server, the provider's messages in a client island): narrows a code that comes from data or
 * a request (a form name, an error code) to a typed key. Free of message files, so that a client
 * island can use it without shipping them.
 */
export function isMessageKey<G extends object>(group: G, key: string): key is Extract<keyof G, string> {
  return Object.hasOwn(group, key);
}
