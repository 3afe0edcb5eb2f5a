import { BASE } from '../../lib/base';
import type { AddViewTexts } from '../views/addViewModel';

/** The page-actions menu's choices (spec 4: the dialog shows the add-to-views form or the permalink view). */
export type PageAction = 'addView' | 'permalink' | 'schedule';

/** The frame's page (an absolute path) as a full web address of this origin: the add-view form's URL (spec 3). */
export function absoluteUrlFor(location: string, origin: string = window.location.origin): string {
  return origin + location;
}

/** `{origin}{base}?xiwindow=<frame location>`: opening it shows the same page in the content frame. */
export function permalinkFor(location: string, origin: string = window.location.origin, base: string = BASE): string {
  return `${origin}${base}?xiwindow=${encodeURIComponent(location)}`;
}

/** Add to My Views is the views' Add View form with the page actions' own title, hint and success text (spec 2.15 and 8). */
export const PAGE_ADD_VIEW: AddViewTexts = {
  title: 'pageActions.addView.title',
  urlHint: 'pageActions.addView.urlHint',
  addedDetail: 'pageActions.notice.addedText',
};
