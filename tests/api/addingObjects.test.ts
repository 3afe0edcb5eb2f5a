/**
 * Configuration Wizards' "Adding hosts and services" tells an administrator what to do on the engine this server
 * actually watches: Nagios Core's object files, a Livestatus engine's own configuration (Icinga 2, Naemon), or each of
 * several engines under its name. An Icinga 2 operator is never told to edit nagios.cfg and reload nagios4.
 */
import { describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { DEFAULT_CAPABILITIES, type SourceCapabilities } from '../../server/src/monitoring/source.js';
import { FakeEngine, host } from './fakeEngines.js';
import { FakeSource } from './pagesFixture.js';
import { useTestServer } from './useTestServer.js';

const NAGIOS: SourceCapabilities = { ...DEFAULT_CAPABILITIES, label: 'Nagios Core' };
const LIVESTATUS: SourceCapabilities = { ...DEFAULT_CAPABILITIES, label: 'Livestatus', objects: 'engine-config' };
const DEMO: SourceCapabilities = { ...DEFAULT_CAPABILITIES, label: 'Demo fleet', objects: 'simulated', sharedData: false };

/** The page's "Adding hosts and services" part, as HTML. */
async function addingPart(client: ReturnType<typeof useTestServer>['admin']): Promise<string> {
  const res = await client.get('config/monitoringwizard.php');
  expect(res.status).toBe(200);
  const at = res.text.indexOf('<h2>Adding hosts and services</h2>');
  expect(at).toBeGreaterThan(0);
  return res.text.slice(at, res.text.indexOf('</main>', at));
}

describe('one Livestatus engine (Icinga 2, Naemon)', () => {
  const { admin } = useTestServer({
    monitoring: Object.assign(new FakeSource(), { capabilities: LIVESTATUS }),
    config: { livestatus: '192.0.2.7:6558' },
  });

  it('names the engine\'s address and gives Icinga 2\'s steps, with Naemon\'s check, and no Nagios Core file steps', async () => {
    const part = await addingPart(admin);
    expect(part).toContain('Pharos reads them over Livestatus at <code>192.0.2.7:6558</code>.');
    expect(part).toContain('object Host &quot;web01&quot; {');
    expect(part).toContain('<code>icinga2 daemon -C</code>');
    expect(part).toContain('<code>systemctl reload icinga2</code>');
    expect(part).toContain('<code>naemon -v /etc/naemon/naemon.cfg</code>');
    expect(part).not.toContain('nagios4');
    expect(part).not.toContain('cfg_dir');
  });
});

describe('one Nagios Core engine', () => {
  const { admin } = useTestServer({ monitoring: Object.assign(new FakeSource(), { capabilities: NAGIOS }), config: { nagiosCfg: '/srv/nagios/nagios.cfg' } });

  it('gives the object file steps for the configured nagios.cfg', async () => {
    const part = await addingPart(admin);
    expect(part).toContain('<code>/srv/nagios/nagios.cfg</code> includes through <code>cfg_file</code>');
    expect(part).toContain('<code>nagios -v /srv/nagios/nagios.cfg</code>');
    expect(part).not.toContain('icinga2');
  });
});

describe('the demo fleet', () => {
  const { admin } = useTestServer({ monitoring: Object.assign(new FakeSource(), { capabilities: DEMO }) });

  it('says how to size it, and how to connect Nagios Core, a Livestatus engine or several', async () => {
    const part = await addingPart(admin);
    expect(part).toContain('This server shows a simulated demo fleet.');
    for (const setting of ['PHAROS_NAGIOS_CFG=/etc/nagios4/nagios.cfg', 'PHAROS_LIVESTATUS=host:port', 'PHAROS_ENGINES=engines.json']) {
      expect(part).toContain(`<code>${setting}</code>`);
    }
  });
});

describe('several engines', () => {
  const berlin = new FakeEngine('berlin', [host('web1')], []);
  const paris = new FakeEngine('paris', [host('app1')], []);
  const lab = new FakeEngine('lab', [host('lab1')], []);
  berlin.address = '/etc/nagios4/berlin.cfg';
  paris.address = '198.51.100.4:6558';
  Object.assign(berlin.source, { capabilities: NAGIOS });
  Object.assign(paris.source, { capabilities: LIVESTATUS });
  Object.assign(lab.source, { capabilities: DEMO });
  const { admin } = useTestServer({ monitoring: new MergedSource([berlin, paris, lab]) });

  it('gives each engine its own steps under its name and kind', async () => {
    const part = await addingPart(admin);
    const sections = part.split('<h3>').slice(1);
    expect(sections.map((s) => s.slice(0, s.indexOf('</h3>')))).toEqual(['Engine berlin (Nagios Core)', 'Engine paris (Livestatus)', 'Engine lab (Demo fleet)']);
    const [nagios, livestatus, demo] = sections as [string, string, string];
    expect(nagios).toContain('<code>nagios -v /etc/nagios4/berlin.cfg</code>');
    expect(nagios).not.toContain('icinga2');
    expect(livestatus).toContain('Pharos reads them over Livestatus at <code>198.51.100.4:6558</code>.');
    expect(livestatus).not.toContain('nagios4');
    expect(demo).toContain('A simulated fleet.');
    // Connecting other engines is the settings' business, not one demo engine's among several.
    expect(demo).not.toContain('PHAROS_ENGINES');
  });
});
