import type { ReactNode } from 'react';
import { createGateApi, createLoginNoticesDue, LoginNoticesDueContext } from '../features/loginNotices/gate';
import { createPaletteTrigger, PaletteTriggerContext } from '../features/palette/trigger';
import type { MakeShellModels, ShellModels } from './context';

/** The shell's own models (context.ts makes them at boot with this factory, which the shell's entry hands in). */
export const makeShellModels: MakeShellModels = ({ http, resources }) => ({
  palette: createPaletteTrigger(),
  loginNoticesDue: createLoginNoticesDue(resources, createGateApi(http)),
});

/** Hands the shell's own models to the features that use them, as AppProviders does the rest. */
export function ShellModelProviders({ models, children }: { models: ShellModels; children: ReactNode }) {
  return (
    <PaletteTriggerContext.Provider value={models.palette}>
      <LoginNoticesDueContext.Provider value={models.loginNoticesDue}>{children}</LoginNoticesDueContext.Provider>
    </PaletteTriggerContext.Provider>
  );
}
