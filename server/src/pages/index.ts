import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { registerAccountPage } from './accountPage.js';
import { registerAdminPages } from './adminPages.js';
import { registerAuditLogPage } from './auditLogPage.js';
import { registerBannersPage } from './bannersPage.js';
import { registerDisplaysPage } from './displaysPage.js';
import { registerCcmPage } from './ccmPage.js';
import { registerClassicErrorPage } from './classicErrorPage.js';
import { registerModernSwitch } from './classicShell.js';
import { registerConfigPages } from './configPages.js';
import { registerDashboardPage } from './dashboardPage.js';
import { registerDashletsPage } from './dashletsPage.js';
import { homePage } from './homePage.js';
import { registerInfoPages } from './infoPages.js';
import { registerLicensePages } from './licensePages.js';
import { gates, registerPage } from './pageRoute.js';
import { registerProblemsBoard } from './problemsBoard.js';
import { registerReportPages } from './reportPages.js';
import { registerSchedulePage } from './schedulePage.js';
import { registerStatusPage } from './statusPage.js';
import { sysstatPage } from './sysstatPage.js';
import { registerUnimplementedPages } from './unimplementedPages.js';
import { registerViewsPage } from './viewsPage.js';

/** Every classic page shown in the shell's content frame; all need a session and render in the user's theme. */
export async function registerPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerPage(app, ctx, { path: 'includes/page-home-main.php', get: homePage });
  registerStatusPage(app, ctx);
  registerAdminPages(app, ctx);
  registerPage(app, ctx, { path: 'admin/sysstat.php', gate: gates.monitoring, get: sysstatPage });
  registerLicensePages(app, ctx);
  registerBannersPage(app, ctx);
  registerDisplaysPage(app, ctx);
  registerAccountPage(app, ctx);
  registerViewsPage(app, ctx);
  registerDashboardPage(app, ctx);
  registerDashletsPage(app, ctx);
  registerProblemsBoard(app, ctx);
  registerReportPages(app, ctx);
  registerSchedulePage(app, ctx);
  registerInfoPages(app, ctx);
  registerConfigPages(app, ctx);
  registerCcmPage(app, ctx);
  registerModernSwitch(app, ctx);
  registerClassicErrorPage(app, ctx);
  registerUnimplementedPages(app, ctx);
  registerAuditLogPage(app, ctx);
}
