import type { ResourceRegistry } from './resource';

export interface PollOptions<T> {
  /** The app's resources: the poll is one of them, so it retries with backoff and asks again when the connection is back. */
  resources: Pick<ResourceRegistry, 'createResource'>;
  /** Names the poll's resource (with a suffix of its own, see below). */
  name: string;
  load: () => Promise<T>;
  /** Gets every answer once, in the order they arrive. */
  onAnswer: (answer: T) => void;
  /** Time between one answer and the next question. */
  interval: number;
}

export interface Poll {
  /** Asks now; the next turn counts from this answer. Never rejects: a failure is retried, then waits for the next turn. */
  poll(): Promise<void>;
  /** Polls (asking at once) until the returned stop. */
  start(): () => void;
}

/**
 * A feed that must see each answer, polled through lib/resource rather than a timer of its own. Unlike a read,
 * it is not shared by key: a second poller (a remounted screen) must not get the first one's answers, so each
 * gets a key of its own.
 */
export function createPoll<T>({ resources, name, load, onAnswer, interval }: PollOptions<T>): Poll {
  const resource = resources.createResource<T>({
    key: `${name}#${Math.random().toString(36).slice(2)}`,
    load: async () => {
      const answer = await load();
      onAnswer(answer);
      return answer;
    },
    pollInterval: interval,
  });
  return { poll: resource.refresh, start: resource.watch };
}
