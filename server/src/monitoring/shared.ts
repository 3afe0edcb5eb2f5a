/** Shared by records outside any group; frozen so no caller can add a group to every record at once. */
export const NO_GROUPS = Object.freeze([]) as unknown as string[];
const lists = new Map<string, string[]>();
/** Distinct lists kept at most; past it the cache starts over (real fleets have a few hundred combinations of groups). */
const MAX_LISTS = 10_000;

/**
 * `names` as a frozen list shared by every record with the same names: the groups of a host or a service. Hundreds of
 * thousands of records hold a few distinct lists, and an array each was two more heap objects per record for every
 * full garbage collection to mark, which stalled requests (issue 21's capacity figure). Frozen, so code that tried to
 * change one record's list would throw instead of changing every record's.
 */
export function sharedList(names: readonly string[]): string[] {
  if (names.length === 0) return NO_GROUPS;
  // A single name cannot read as a JSON array once prefixed, so the two kinds of key never meet.
  const key = names.length === 1 ? `1${names[0]!}` : JSON.stringify(names);
  let list = lists.get(key);
  if (!list) {
    if (lists.size >= MAX_LISTS) lists.clear();
    list = Object.freeze([...names]) as unknown as string[];
    lists.set(key, list);
  }
  return list;
}

const texts = new Map<string, string>();
/** Distinct texts kept at most; past it the cache starts over. */
const MAX_TEXTS = 50_000;

/**
 * `text` as the one copy of it already held, when there is one. An engine's answer is parsed into a new string per
 * field: a host's name in each of its services, the same check command or plugin line on thousands of objects. One
 * copy each keeps the records (and what a full garbage collection marks) small.
 */
export function sharedText(text: string): string {
  if (text === '') return text;
  const held = texts.get(text);
  if (held !== undefined) return held;
  if (texts.size >= MAX_TEXTS) texts.clear();
  texts.set(text, text);
  return text;
}

/**
 * `text` as one flat string. A template literal makes a rope (V8's cons string): a tree of about ten heap objects for
 * one plugin line. Hundreds of thousands of checks kept as ropes were most of the objects the full garbage collections
 * had to mark, and those collections stalled every request (issue 21's capacity figure). The JSON round trip copies any
 * string exactly, lone surrogates included, into one object; it costs about a microsecond. Shorter strings are never
 * ropes.
 */
export const flat = (text: string): string => (text.length < 13 ? text : JSON.parse(JSON.stringify(text)) as string);
