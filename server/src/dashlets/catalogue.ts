/** The catalogue (issue 9): every dashlet a dashboard can hold, with its defaults and limits. No I/O, no SQL. */
import { mark, translate } from '../http/language.js';

export const DASHLET_TYPES = ['hoststatus', 'servicestatus', 'problems', 'hostgroups', 'servicegroups', 'engine', 'tactical', 'clock', 'note', 'page'] as const;
export type DashletType = (typeof DASHLET_TYPES)[number];

export interface DashletOptions { hostgroup?: string; servicegroup?: string; rows?: number; text?: string; url?: string; timezone?: string }
export type OptionName = keyof DashletOptions;

/** One dashlet as stored in the dashboard record and exported: sizes in grid units (12 columns), refresh in seconds. */
export interface Dashlet { id: string; type: DashletType; title: string; width: number; height: number; refresh: number; options: DashletOptions }

export interface CatalogueEntry { type: DashletType; name: string; description: string; icon: string; width: number; height: number; options: OptionName[] }

/** Names and descriptions are English, marked: pages and the catalogue call translate them for the reader. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    type: 'hoststatus', name: mark('Host status summary'),
    description: mark('Hosts up, down, unreachable and pending, each count a link to the matching hosts.'),
    icon: 'status', width: 4, height: 2, options: ['hostgroup'],
  },
  {
    type: 'servicestatus', name: mark('Service status summary'),
    description: mark(
      'Services OK, warning, critical, unknown and pending, each count a link to the matching services.'),
    icon: 'status', width: 4, height: 2, options: ['hostgroup', 'servicegroup'],
  },
  {
    type: 'problems', name: mark('Unhandled problems'),
    description: mark(
      'Host and service problems nobody has acknowledged or scheduled downtime for, worst and oldest first.'),
    icon: 'warning', width: 8, height: 4, options: ['hostgroup', 'rows'],
  },
  {
    type: 'hostgroups', name: mark('Host group grid'),
    description: mark('A tile per host group with its worst state and its host and service counts.'),
    icon: 'dashboards', width: 6, height: 3, options: [],
  },
  {
    type: 'servicegroups', name: mark('Service group grid'),
    description: mark('A tile per service group with its worst state and its service counts.'),
    icon: 'dashboards', width: 6, height: 3, options: [],
  },
  {
    type: 'engine', name: mark('Monitoring engine status'),
    description: mark(
      'Whether the engine runs, when its data was last updated, and its check and notification switches.'),
    icon: 'info', width: 4, height: 3, options: [],
  },
  {
    type: 'tactical', name: mark('Tactical overview'),
    description: mark(
      'Host and service states, unhandled problems and what is acknowledged or in downtime, at a glance.'),
    icon: 'status', width: 6, height: 3, options: [],
  },
  {
    type: 'clock', name: mark('Clock'),
    description: mark('The current date and time, in the time zone you choose.'),
    icon: 'about', width: 3, height: 2, options: ['timezone'],
  },
  {
    type: 'note', name: mark('Text note'),
    description: mark('A note of your own, shown as plain text.'),
    icon: 'changelog', width: 4, height: 2, options: ['text'],
  },
  {
    type: 'page', name: mark('Embedded page'),
    description: mark('Another page of this server, such as a status list or a report, in a frame.'),
    icon: 'link', width: 6, height: 4, options: ['url'],
  },
];

export const catalogueEntry = (type: string): CatalogueEntry | undefined => CATALOGUE.find((c) => c.type === type);

/**
 * The title to show: one left as its type's catalogue name (every default dashlet's) is shown in the reader's
 * language, and stays stored in English so it follows whoever reads it; a title the user typed is shown as typed.
 */
export function shownTitle(d: { title: string; type?: string }): string {
  return d.type !== undefined && d.title === catalogueEntry(d.type)?.name ? translate(d.title) : d.title;
}

/** The catalogue as the reader reads it (the API's catalogue call). */
export const translatedCatalogue = (): CatalogueEntry[] =>
  CATALOGUE.map((c) => ({ ...c, name: translate(c.name), description: translate(c.description) }));

export const GRID_COLUMNS = 12;
export const MAX_HEIGHT = 12;
export const DEFAULT_REFRESH = 30;
export const MIN_REFRESH = 10;
export const MAX_REFRESH = 3600;
export const MAX_DASHLETS = 200;
export const MAX_TITLE = 100;
export const MAX_NOTE = 2000;
export const MAX_ROWS = 50;

/** The Home Dashboard of a new user: enough to be useful at once. */
export function defaultHomeDashlets(): Dashlet[] {
  const d = (id: string, type: DashletType, width: number, height: number, options: DashletOptions = {}): Dashlet =>
    ({ id, type, title: catalogueEntry(type)!.name, width, height, refresh: DEFAULT_REFRESH, options });
  return [
    d('home1', 'hoststatus', 4, 2),
    d('home2', 'servicestatus', 5, 2),
    d('home3', 'clock', 3, 2),
    d('home4', 'problems', 8, 5, { rows: 10 }),
    d('home5', 'engine', 4, 5),
    d('home6', 'hostgroups', 12, 3),
  ];
}
