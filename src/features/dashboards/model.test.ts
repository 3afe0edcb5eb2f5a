import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../lib/apiTypes';
import { ApiError } from '../../lib/http';
import { createResourceRegistry } from '../../lib/resource';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { DashboardForm, DashboardsApi } from './api';
import { formFields } from './api';
import { createDashboardsModel, dashboardActions, formDefaults, importFileProblem } from './model';

const HOME: Dashboard = { id: 'home', title: 'Home Dashboard', opts: { background: '131b25', transparent: 0 } };
const SCREEN: Dashboard = { id: 'screen', title: 'Screen Dashboard', opts: { background: '131b25', transparent: 0 } };
const OPS: Dashboard = { id: 'd0123456789ab', title: 'Ops wall', opts: { background: '203040', transparent: 1 } };

function fakeApi() {
  let list = [HOME, SCREEN, OPS];
  let n = 0;
  const created = (form: DashboardForm): Dashboard => {
    const f = formFields(form);
    const d: Dashboard = { id: `d${++n}`, title: f.title!, opts: { background: f.background!, transparent: f.transparent === '1' ? 1 : 0 } };
    list = [...list, d];
    return d;
  };
  const api: DashboardsApi = {
    list: vi.fn(async () => [...list]),
    add: vi.fn(async (form: DashboardForm) => created(form)),
    edit: vi.fn(async (id: string, form: DashboardForm) => {
      list = list.map((d) => (d.id === id ? { ...d, title: form.title } : d));
      return list.find((d) => d.id === id)!;
    }),
    clone: vi.fn(async (_id: string, form: DashboardForm) => created(form)),
    remove: vi.fn(async (id: string) => { list = list.filter((d) => d.id !== id); }),
    raw: vi.fn(async (id: string) => JSON.stringify({ format: 'pharos-dashboard', id })),
    importText: vi.fn(async () => created({ title: 'Imported', background: '#000000', transparent: false })),
  };
  return api;
}

const resources = createResourceRegistry();

function setup() {
  const api = fakeApi();
  const notices: ToastInput[] = [];
  const refreshMenu = vi.fn(async () => {});
  const download = vi.fn();
  const model = createDashboardsModel({ api, refreshMenu, notify: (x) => notices.push(x), download, t: testTranslate, resources });
  return { api, notices, refreshMenu, download, model };
}

const textFile = (text: string, name = 'Ops wall.txt', type = 'text/plain') => new File([text], name, { type });

beforeEach(() => resources.clearResources());

describe('dashboard forms', () => {
  it('start from the spec defaults: background #131b25, not transparent; clone adds (Clone)', () => {
    expect(formDefaults({ mode: 'add' })).toEqual({ title: '', background: '#131b25', transparent: false });
    expect(formDefaults({ mode: 'edit', dashboard: OPS })).toEqual({ title: 'Ops wall', background: '#203040', transparent: true });
    expect(formDefaults({ mode: 'clone', dashboard: OPS })).toEqual({ title: 'Ops wall (Clone)', background: '#203040', transparent: true });
  });

  it('send the background without the hash and transparent as 1 or 0', () => {
    expect(formFields({ title: 'A', background: '#ABCDEF', transparent: true })).toEqual({ title: 'A', background: 'ABCDEF', transparent: '1' });
    expect(formFields({ title: 'A', background: '#131b25', transparent: false })).toEqual({ title: 'A', background: '131b25', transparent: '0' });
  });

  it('offer Clone, Edit, Export and Delete, but nothing for screen and no Delete for home', () => {
    expect(dashboardActions(OPS)).toEqual(['clone', 'edit', 'export', 'delete']);
    expect(dashboardActions(HOME)).toEqual(['clone', 'edit', 'export']);
    expect(dashboardActions(SCREEN)).toEqual([]);
  });
});

describe('dashboards model', () => {
  it('adds, edits and clones: closes the form, reloads menu and list, and says so', async () => {
    const { model, api, notices, refreshMenu } = setup();
    model.openAdd();
    expect(await model.submit({ title: 'Network', background: '#131b25', transparent: false })).toBe(true);
    expect(model.dialog.value).toBeNull();
    model.openEdit(OPS);
    expect(await model.submit({ title: 'Ops', background: '#203040', transparent: true })).toBe(true);
    expect(api.edit).toHaveBeenCalledWith(OPS.id, { title: 'Ops', background: '#203040', transparent: true });
    model.openClone(OPS);
    expect(await model.submit(formDefaults({ mode: 'clone', dashboard: OPS }))).toBe(true);
    expect(api.clone).toHaveBeenCalledWith(OPS.id, { title: 'Ops wall (Clone)', background: '#203040', transparent: true });
    expect(refreshMenu).toHaveBeenCalledTimes(3);
    expect(model.dashboards.data.value?.map((d) => d.title)).toContain('Ops wall (Clone)');
    expect(notices.map((x) => [x.variant, x.title])).toEqual([['success', 'Dashboard added.'], ['success', 'Dashboard edited.'], ['success', 'Dashboard cloned.']]);
    expect(notices[0]?.description).toBe('Access your new dashboard via My Dashboards.');
  });

  it('opens a dashboard once it is added, and only an added one (issue 38)', async () => {
    const api = fakeApi();
    const openDashboard = vi.fn();
    const model = createDashboardsModel({ api, refreshMenu: async () => {}, notify: () => {}, t: testTranslate, resources, openDashboard });
    model.openAdd();
    expect(await model.submit({ title: 'Network', background: '#131b25', transparent: false })).toBe(true);
    expect(openDashboard).toHaveBeenCalledTimes(1);
    expect(openDashboard.mock.calls[0]![0]).toMatchObject({ id: 'd1', title: 'Network' });
    model.openEdit(OPS);
    await model.submit({ title: 'Ops', background: '#203040', transparent: true });
    vi.mocked(api.add).mockRejectedValueOnce(new ApiError(400, 'x', "The field 'title' is required."));
    model.openAdd();
    expect(await model.submit({ title: '', background: '#131b25', transparent: false })).toBe(false);
    expect(openDashboard).toHaveBeenCalledTimes(1);
  });

  it('a failed write keeps the form open: Failed to … dashboard. / Please try again., and the form says why', async () => {
    const { model, api, notices, refreshMenu } = setup();
    vi.mocked(api.clone).mockRejectedValueOnce(new ApiError(400, 'x', 'You already have 200 dashboards, the most allowed. Delete one first.'));
    model.openClone(OPS);
    expect(await model.submit(formDefaults({ mode: 'clone', dashboard: OPS }))).toBe(false);
    expect(model.dialog.value).toEqual({ mode: 'clone', dashboard: OPS });
    expect(refreshMenu).not.toHaveBeenCalled();
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to clone dashboard.', description: 'Please try again.' }]);
    expect(model.formError.value).toBe('You already have 200 dashboards, the most allowed. Delete one first.');
  });

  it('deletes after confirmation, and reports a failure', async () => {
    const { model, api, notices } = setup();
    vi.mocked(api.remove).mockRejectedValueOnce(new ApiError(500, 'boom'));
    model.askDelete(OPS);
    expect(await model.confirmDelete()).toBe(false);
    expect(notices[0]).toEqual({ variant: 'error', title: 'Failed to delete dashboard.', description: 'Please try again.' });
    expect(await model.confirmDelete()).toBe(true);
    expect(model.deleting.value).toBeNull();
    expect(notices[1]).toMatchObject({ variant: 'success', title: 'Dashboard deleted.' });
  });

  it('exports the raw text as a .txt file named after the title', async () => {
    const { model, download, notices, api } = setup();
    expect(await model.exportDashboard(OPS)).toBe(true);
    expect(download).toHaveBeenCalledWith('Ops wall.txt', JSON.stringify({ format: 'pharos-dashboard', id: OPS.id }));
    expect(notices[0]).toMatchObject({ variant: 'success', title: 'Dashboard exported.' });
    vi.mocked(api.raw).mockRejectedValueOnce(new ApiError(404, 'gone'));
    expect(await model.exportDashboard({ ...OPS, title: 'a/b:c' })).toBe(false);
    expect(notices[1]).toEqual({ variant: 'error', title: 'Failed to export dashboard.', description: 'Please try again.' });
  });
});

describe('dashboard import', () => {
  it('accepts only text/plain files, checked on change (spec 5)', () => {
    expect(importFileProblem(textFile('{}'))).toBeNull();
    expect(importFileProblem(null)).toBeNull();
    expect(importFileProblem(textFile('x', 'picture.png', 'image/png'))).toBe('dashboards.import.invalid');
    const { model } = setup();
    model.openImport();
    model.chooseImportFile(textFile('x', 'picture.png', 'image/png'));
    expect(model.importError.value).toBe('File Is Not a Valid Dashboard File!');
    expect(model.importFile.value).toBeNull();
    model.chooseImportFile(textFile('{}'));
    expect(model.importError.value).toBeNull();
    expect(model.importFile.value?.name).toBe('Ops wall.txt');
  });

  it('does nothing without a valid file', async () => {
    const { model, api } = setup();
    model.openImport();
    model.chooseImportFile(textFile('x', 'a.json', 'application/json'));
    expect(await model.submitImport()).toBe(false);
    expect(api.importText).not.toHaveBeenCalled();
  });

  it('imports the text: closes, reloads menu and list, Dashboard Imported.', async () => {
    const { model, api, notices, refreshMenu } = setup();
    model.openImport();
    model.chooseImportFile(textFile('{"format":"pharos-dashboard"}'));
    expect(await model.submitImport()).toBe(true);
    expect(api.importText).toHaveBeenCalledWith('{"format":"pharos-dashboard"}');
    expect(model.importOpen.value).toBe(false);
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ variant: 'success', title: 'Dashboard Imported.', description: 'Access your new dashboard via My Dashboards.' }]);
  });

  it('a refused import shows the server message and stays open', async () => {
    const { model, api, notices } = setup();
    vi.mocked(api.importText).mockRejectedValueOnce(new ApiError(400, 'x', 'File Is Not a Valid Dashboard File!'));
    model.openImport();
    model.chooseImportFile(textFile('not a dashboard'));
    expect(await model.submitImport()).toBe(false);
    expect(model.importOpen.value).toBe(true);
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to import dashboard.', description: 'File Is Not a Valid Dashboard File!' }]);
  });
});
