import type { Bootstrap } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';

export interface FeedbackFields { name: string; email: string; feedback: string }

/** The bootstrap answer; feedbackUrl names the one target the server's ajaxproxy.php forwards to. */
export interface FeedbackBootstrap extends Bootstrap { feedbackUrl?: string }

/** The server's default target (PHAROS_FEEDBACK_URL), for a server whose bootstrap does not name one. */
export const DEFAULT_FEEDBACK_URL = 'https://www.nagios.com/feedback-proxy/';

/** Spec 7: the ajaxproxy.php form, forwarded by POST to the target; the http client adds nsp. */
export function feedbackForm({ name, email, feedback }: FeedbackFields, target: string): Record<string, string> {
  return { name, email, feedback, proxy_url: target, proxy_method: 'post' };
}

export interface FeedbackApi {
  send(fields: FeedbackFields): Promise<void>;
}

/** Posts to the bootstrap's ajaxProxyUrl; the bootstrap is read once (again after a failure). */
export function createFeedbackApi(http: Pick<HttpClient, 'get' | 'post'>): FeedbackApi {
  let bootstrap: Promise<FeedbackBootstrap> | undefined;
  const load = () => {
    bootstrap ??= http.get<FeedbackBootstrap>('api/v2/app/bootstrap').catch((error: unknown) => {
      bootstrap = undefined;
      throw error;
    });
    return bootstrap;
  };
  return {
    async send(fields) {
      const { ajaxProxyUrl, feedbackUrl } = await load();
      await http.post(ajaxProxyUrl || 'ajaxproxy.php', feedbackForm(fields, feedbackUrl || DEFAULT_FEEDBACK_URL));
    },
  };
}
