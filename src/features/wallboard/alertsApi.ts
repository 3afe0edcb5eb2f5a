import type { AlertChanges, AlertProblem } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import type { Problem, ProblemRead } from './alerts';

/** An object's key in the feed; with several engines its engine too, so two engines' same-named objects stay apart. */
const key = (p: { host_name: string; service_description?: string | undefined; engine?: string | undefined }) => `${p.host_name}\u0000${p.service_description ?? ''}\u0000${p.engine ?? ''}`;

const toProblem = (r: AlertProblem): Problem => ({
  host: r.host_name,
  ...(r.service_description ? { service: r.service_description } : {}),
  state: r.current_state,
  output: r.output,
  since: r.last_state_change * 1000,
  ...(r.engine !== undefined ? { engine: r.engine } : {}),
});

/** The current problems; `read` also says whether they came as a whole list after a break, and the server's time. */
export interface ProblemFeed {
  (): Promise<Problem[]>;
  read(): Promise<ProblemRead>;
}

/** The server's side of the feed: GET api/v2/status/changes through the app's client. */
export function statusChanges(http: Pick<HttpClient, 'get'>): (params: Record<string, string>) => Promise<AlertChanges> {
  return (params) => http.get<AlertChanges>('api/v2/status/changes', { params });
}

/**
 * The unhandled critical problems right now, kept from `api/v2/status/changes`: the first call (and one after a
 * server restart) brings the whole list, every later one only what changed, so a wall polls a few bytes.
 */
export function createProblemFeed(get: (params: Record<string, string>) => Promise<AlertChanges>): ProblemFeed {
  let cursor: string | undefined;
  const current = new Map<string, AlertProblem>();
  const read = async (): Promise<ProblemRead> => {
    const answer = await get(cursor ? { since: cursor } : {});
    // A whole list when the feed had a cursor: the server restarted (or the screen fell too far behind), a break.
    const relisted = answer.problems !== undefined && cursor !== undefined;
    if (answer.problems) {
      current.clear();
      for (const p of answer.problems) current.set(key(p), p);
    }
    for (const change of answer.changes ?? []) {
      if (change.kind === 'problem') current.set(key(change.problem), change.problem);
      else current.delete(key(change));
    }
    cursor = answer.cursor;
    return { problems: [...current.values()].map(toProblem), relisted, ...(answer.now !== undefined ? { at: answer.now * 1000 } : {}) };
  };
  return Object.assign(async () => (await read()).problems, { read });
}
