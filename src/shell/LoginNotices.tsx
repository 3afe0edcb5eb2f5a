/**
 * The login notices pop-up region (spec 4): its conditions and dialog come with the login-notices feature;
 * the region and its error boundary are part of the layout now, so that feature only fills this component.
 */
export function LoginNotices() {
  return null;
}
