import { stripBase } from '../lib/base';
import { routeFor } from '../lib/routeFor';
import { boot } from './boot';
import { AppRoutes } from './routes';
import { makeShellModels, ShellModelProviders } from './shellModels';

// The server answers {base}wallboard with wallboard.html; this document can still meet it (an older cached shell).
boot(routeFor(stripBase(window.location.pathname)).kind === 'wallboard' ? 'wallboard' : 'framed', <AppRoutes />, { make: makeShellModels, Providers: ShellModelProviders });
