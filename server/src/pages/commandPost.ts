import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';
import { CommandRejectedError, EngineUnavailableError, type ExternalCommand } from '../monitoring/source.js';
import { nowSeconds } from './format.js';
import { commandFrom, CommandInputError, isCommandName } from './commandInput.js';
import { detailUrl, findTarget, objectDetailPage } from './objectDetail.js';
import { errorPage, type PageEnv, type PageResult } from './pageRoute.js';
import { rememberCommand } from './pendingCommands.js';
import { log } from '../log.js';

/**
 * A command form from a detail page. The session, nsp, same-origin and permission checks ran in registerPage;
 * here invalid input re-renders the page with the user's values, valid input goes to the engine and the
 * browser is sent back to the detail page (303), which says the command is on its way.
 */
export async function commandPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields, caller } = env;
  const snap = ctx.monitoring.snapshot();
  const withService = typeof fields.service === 'string' && fields.service !== '';
  const target = findTarget(snap, fields, withService);
  const name = fields.cmd;
  if (!isCommandName(name)) throw badRequest(t`Unknown command. Use one of the forms on the detail page.`);
  const now = nowSeconds();
  let command: ExternalCommand;
  try {
    command = commandFrom(name, fields, target, snap, caller.user.username, now);
  } catch (error) {
    if (error instanceof CommandInputError) {
      return objectDetailPage(env, target, { cmd: name, values: fields, error: error.message });
    }
    throw error;
  }
  const where = {
    host: target.host.host_name, service: target.service?.service_description, engine: target.host.engine,
  };
  // With several engines the command goes to the engine that owns the object.
  if (where.engine !== undefined) command = { ...command, engine: where.engine };
  try {
    await ctx.monitoring.submit(command);
  } catch (error) {
    if (error instanceof CommandRejectedError) {
      return objectDetailPage(env, target, { cmd: name, values: fields, error: error.message });
    }
    // Its engine is not answering: said so, naming the engine; nothing was queued.
    if (error instanceof EngineUnavailableError) return errorPage(503, error.message);
    log().error({ err: error }, 'A request failed');
    return errorPage(503, t`The monitoring engine did not accept the command. Try again in a moment.`);
  }
  rememberCommand(caller.session.id, command, where.host, where.service, now);
  return { redirect: `${detailUrl(ctx.base, where)}&notice=submitted` };
}
