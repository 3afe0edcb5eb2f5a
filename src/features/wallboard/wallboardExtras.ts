/**
 * Issue 19: what a wallboard loads only when its parameters (alerts=on, night=, sound=on) or its pairing ask for it:
 * the alert watch and card, night care, sound and speech, and the paired display's link. Not part of the first load.
 */
export { AlertCard } from './AlertCard';
export { boundaryUpdate, createDisplayLink, createServerReport } from './displayLink';
export { IdentifyOverlay, NightOverlay, SoundPrompt } from './WallboardCare';
export { createWallboardWatch } from './wallboardWatch';
