// "Stängt tills allt är klart" (rule: go-live) and the kiosk's logo check (rule: kiosk-identity),
// as given/when/then.
import { describe, expect, it } from 'vitest';
import {
  goLiveChecklist,
  goLiveDecider,
  isPublicUrl,
  menuDeclaredByStaff,
  missingSteps,
  settingsSavedByStaff,
  webOrdersClosed,
  type GoLiveFacts,
} from '../../domain/goLive/goLive.js';
import { LOGO_MAX_BYTES, logoTypeOf } from '../../domain/settings/kiosk.js';

const none: GoLiveFacts = {
  seller_complete: false,
  menu_declared_by_staff: false,
  opening_hours_set: false,
  test_mail_sent: false,
  retention_chosen: false,
};
const all: GoLiveFacts = {
  seller_complete: true,
  menu_declared_by_staff: true,
  opening_hours_set: true,
  test_mail_sent: true,
  retention_chosen: true,
};
const closedState = { closed_at_start: true, completed: false, test_mails: 0 };

describe('a public address (rule: go-live)', () => {
  it('is anything but localhost, 127.x, ::1 and the names reserved for tests (RFC 6761)', () => {
    expect(isPublicUrl('https://lillanapoli.se')).toBe(true);
    expect(isPublicUrl('http://203.0.113.9:3000')).toBe(true);
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://kiosk.test',
      'http://pizza.localhost',
      '',
      null,
    ])
      expect(isPublicUrl(local), String(local)).toBe(false);
  });
});

describe('the first start (rule: go-live)', () => {
  const decide = (command: Parameters<typeof goLiveDecider.decide>[0], state = goLiveDecider.initialState()) =>
    goLiveDecider.decide(command, state);

  it('given an empty log at a public address, records that web orders wait for the checklist', () => {
    expect(decide({ type: 'StartClosed', public_url: 'https://lillanapoli.se', log_empty: true })).toEqual([
      { type: 'ClosedUntilReady', data: { public_url: 'https://lillanapoli.se' } },
    ]);
  });

  it('given a log that already holds a kiosk (an upgrade), closes nothing', () => {
    expect(decide({ type: 'StartClosed', public_url: 'https://lillanapoli.se', log_empty: false })).toEqual([]);
  });

  it('given a local address, closes nothing', () => {
    expect(decide({ type: 'StartClosed', public_url: 'http://localhost:3000', log_empty: true })).toEqual([]);
  });

  it('given the checklist done, completes once; a second completion records nothing', () => {
    expect(decide({ type: 'CompleteGoLive' }, closedState)).toEqual([{ type: 'GoLiveCompleted', data: {} }]);
    expect(decide({ type: 'CompleteGoLive' }, { ...closedState, completed: true })).toEqual([]);
  });
});

describe('the checklist (rule: go-live)', () => {
  it('lists the five steps in order, each done or not', () => {
    expect(goLiveChecklist(none).map((s) => s.step)).toEqual([
      'seller',
      'menu',
      'opening_hours',
      'test_mail',
      'retention',
    ]);
    expect(missingSteps({ ...none, seller_complete: true, test_mail_sent: true })).toEqual([
      'menu',
      'opening_hours',
      'retention',
    ]);
  });

  it('keeps web orders closed until every step is done, at a public address only', () => {
    const url = 'https://lillanapoli.se';
    expect(webOrdersClosed(closedState, url, none)).toBe(true);
    expect(webOrdersClosed(closedState, url, { ...all, retention_chosen: false })).toBe(true);
    expect(webOrdersClosed(closedState, url, all)).toBe(false);
    expect(webOrdersClosed(closedState, 'http://localhost:3000', none)).toBe(false);
    expect(webOrdersClosed({ ...closedState, completed: true }, url, none)).toBe(false);
    expect(webOrdersClosed(goLiveDecider.initialState(), url, none)).toBe(false);
  });

  const event = (type: string, data: unknown, actor = 'owner@kiosk.se') => ({ type, data, metadata: { actor } });

  it('the demo menu is declared by a person only when every active pizza’s last declaration is staff’s', () => {
    const seeded = [
      event('PizzaAdded', { id: 1, active: true, allergens: ['gluten'] }, 'system'),
      event('PizzaAdded', { id: 2, active: true, allergens: ['gluten', 'milk'] }, 'system'),
    ];
    expect(menuDeclaredByStaff(seeded)).toBe(false);
    const one = [...seeded, event('PizzaUpdated', { id: 1, active: true, allergens: ['gluten'] })];
    expect(menuDeclaredByStaff(one)).toBe(false);
    // The other taken off the menu (inactive) or removed: the active ones are declared.
    expect(menuDeclaredByStaff([...one, event('PizzaUpdated', { id: 2, active: false, allergens: null })])).toBe(true);
    expect(menuDeclaredByStaff([...one, event('PizzaRemoved', { id: 2 })])).toBe(true);
    // Staff saving a pizza without a declaration is not a declaration.
    expect(menuDeclaredByStaff([...one, event('PizzaUpdated', { id: 2, active: true, allergens: null })])).toBe(false);
    expect(menuDeclaredByStaff([])).toBe(false);
  });

  it('a settings save by a person counts; the seed and a reset (SettingsReset) do not', () => {
    expect(settingsSavedByStaff([event('SettingsReset', {}, 'system'), event('SettingsReset', {})])).toBe(false);
    expect(settingsSavedByStaff([event('SettingsUpdated', {})])).toBe(true);
  });
});

describe('the logo (rule: kiosk-identity)', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const svg = (body: string) => new TextEncoder().encode(body);

  it('takes a PNG by its signature and an SVG by its root element', () => {
    expect(logoTypeOf(png)).toEqual({ type: 'image/png' });
    expect(
      logoTypeOf(svg('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>\n')),
    ).toEqual({
      type: 'image/svg+xml',
    });
  });

  it('refuses anything else, too large a file and an SVG that could run script, in Swedish', () => {
    expect(logoTypeOf(svg('GIF89a…'))).toEqual({ error: 'Logotypen måste vara en PNG- eller SVG-bild' });
    expect(logoTypeOf(svg('%PDF-1.7'))).toEqual({ error: 'Logotypen måste vara en PNG- eller SVG-bild' });
    expect(logoTypeOf(new Uint8Array(0))).toEqual({ error: 'Logotypen måste vara en PNG- eller SVG-bild' });
    expect(logoTypeOf(new Uint8Array(LOGO_MAX_BYTES + 1))).toEqual({ error: 'Logotypen får vara högst 256 kB' });
    for (const unsafe of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><image href="https://evil.example/x.png"/></svg>',
      '<svg><foreignObject><p>x</p></foreignObject></svg>',
    ])
      expect(logoTypeOf(svg(unsafe))).toEqual({
        error: 'SVG-bilden får inte innehålla skript, länkar till andra filer eller händelser',
      });
  });
});
