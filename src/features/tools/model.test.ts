import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../../lib/apiTypes';
import { ApiError } from '../../lib/http';
import { createResourceRegistry } from '../../lib/resource';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { ToolFields, ToolScope, ToolsApi } from './api';
import { createToolsModel } from './model';

/** An in-memory tools API that can be told to refuse the next write like the server does. */
function fakeApi(initial: Tool[] = []) {
  let tools = [...initial];
  let nextId = 100;
  let refusal: ApiError | undefined;
  const refuse = () => {
    const error = refusal;
    refusal = undefined;
    if (error) throw error;
  };
  const api: ToolsApi = {
    list: vi.fn(async () => [...tools]),
    get: vi.fn(async (id: number) => {
      const found = tools.find((t) => t.id === id);
      if (!found) throw new ApiError(404, 'missing', 'There is no personal tool with the id 1.');
      return found;
    }),
    add: vi.fn(async ({ name, url }: ToolFields) => {
      refuse();
      const tool = { id: nextId++, name, url, href: url };
      tools.push(tool);
      return tool;
    }),
    edit: vi.fn(async (id: number, { name, url }: ToolFields) => {
      refuse();
      tools = tools.map((t) => (t.id === id ? { ...t, name, url, href: url } : t));
      return tools.find((t) => t.id === id)!;
    }),
    remove: vi.fn(async (id: number) => {
      refuse();
      tools = tools.filter((t) => t.id !== id);
    }),
  };
  return { api, refuseNext: (message: string) => { refusal = new ApiError(400, message, message); } };
}

const resources = createResourceRegistry();

function setup(scope: ToolScope = 'personal', initial: Tool[] = []) {
  const fake = fakeApi(initial);
  const notices: ToastInput[] = [];
  const refreshMenu = vi.fn(async () => {});
  const model = createToolsModel({ scope, api: fake.api, refreshMenu, notify: (n) => notices.push(n), t: testTranslate, resources });
  return { ...fake, model, notices, refreshMenu };
}

const GRAFANA: Tool = { id: 7, name: 'Grafana', url: 'https://grafana.example/', href: 'https://grafana.example/' };

beforeEach(() => resources.clearResources());

describe('tools model', () => {
  it('adds a tool: the form closes, the menu and the list reload, and the notice says where to find it', async () => {
    const { model, api, notices, refreshMenu } = setup();
    await model.tools.refresh();
    model.openAdd();
    expect(model.dialog.value).toEqual({ mode: 'add' });
    expect(await model.submit({ name: 'Status summary', url: 'reports/statussummary.php' })).toBe(true);
    expect(api.add).toHaveBeenCalledWith({ name: 'Status summary', url: 'reports/statussummary.php' });
    expect(model.dialog.value).toBeNull();
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(model.tools.data.value?.map((t) => t.name)).toEqual(['Status summary']);
    expect(notices).toEqual([{ variant: 'success', title: 'Tool added.', description: 'Find it under My Tools in the Tools menu.' }]);
  });

  it('a refused add keeps the form open and shows the server message under the spec 8 title', async () => {
    const { model, notices, refreshMenu, refuseNext } = setup();
    model.openAdd();
    refuseNext('The URL must start with http:// or https://, or be a path under /nagiosxi/.');
    expect(await model.submit({ name: 'Bad', url: 'javascript:alert(1)' })).toBe(false);
    expect(model.dialog.value).toEqual({ mode: 'add' });
    expect(refreshMenu).not.toHaveBeenCalled();
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to add tool.', description: 'The URL must start with http:// or https://, or be a path under /nagiosxi/.' }]);
  });

  it('edits a common tool, and names Common Tools in the notice', async () => {
    const { model, api, notices } = setup('common', [GRAFANA]);
    model.openEdit(GRAFANA);
    expect(await model.submit({ name: 'Grafana 2', url: 'https://grafana2.example/' })).toBe(true);
    expect(api.edit).toHaveBeenCalledWith(7, { name: 'Grafana 2', url: 'https://grafana2.example/' });
    expect(notices[0]).toEqual({ variant: 'success', title: 'Tool edited.', description: 'Find it under Common Tools in the Tools menu.' });
  });

  it('an edit refused with no server message says Please try again.', async () => {
    const { model, api, notices } = setup('personal', [GRAFANA]);
    vi.mocked(api.edit).mockRejectedValueOnce(new ApiError(0, 'The server could not be reached.'));
    model.openEdit(GRAFANA);
    expect(await model.submit({ name: 'x', url: 'https://x.example/' })).toBe(false);
    expect(notices[0]).toEqual({ variant: 'error', title: 'Failed to edit tool.', description: 'Please try again.' });
  });

  it('deletes only after confirmation', async () => {
    const { model, api, notices, refreshMenu } = setup('personal', [GRAFANA]);
    model.askDelete(GRAFANA);
    model.cancelDelete();
    expect(model.deleting.value).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();
    model.askDelete(GRAFANA);
    expect(await model.confirmDelete()).toBe(true);
    expect(api.remove).toHaveBeenCalledWith(7);
    expect(model.deleting.value).toBeNull();
    expect(refreshMenu).toHaveBeenCalledTimes(1);
    expect(model.tools.data.value).toEqual([]);
    expect(notices[0]).toEqual({ variant: 'success', title: 'Tool deleted.', description: 'It is no longer listed under My Tools in the Tools menu.' });
  });

  it('a refused delete keeps the confirmation open with the server message', async () => {
    const { model, notices, refuseNext } = setup('personal', [GRAFANA]);
    model.askDelete(GRAFANA);
    refuseNext('There is no personal tool with the id 7.');
    expect(await model.confirmDelete()).toBe(false);
    expect(model.deleting.value).toEqual(GRAFANA);
    expect(notices[0]).toEqual({ variant: 'error', title: 'Failed to delete tool.', description: 'There is no personal tool with the id 7.' });
  });

  it('ignores a second submit while the first is running', async () => {
    const { model, api } = setup();
    model.openAdd();
    const first = model.submit({ name: 'A', url: 'https://a.example/' });
    expect(model.saving.value).toBe(true);
    expect(await model.submit({ name: 'A', url: 'https://a.example/' })).toBe(false);
    await first;
    expect(api.add).toHaveBeenCalledTimes(1);
  });
});
