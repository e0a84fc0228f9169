import { describe, expect, it } from '@jest/globals';
import {
  actionOfKey,
  DEFAULT_SHORTCUT_SETTINGS,
  parseShortcutSettings,
  remapRefusal,
  type ShortcutSettings,
} from '../lib/shortcut-settings';

const withKeys = (keys: Partial<ShortcutSettings['keys']>): ShortcutSettings => ({
  ...DEFAULT_SHORTCUT_SETTINGS,
  keys: { ...DEFAULT_SHORTCUT_SETTINGS.keys, ...keys },
});

describe('the studio’s single-key shortcuts', () => {
  it('finds the action of a key with the default keys, and none for a key nobody has', () => {
    expect(actionOfKey(DEFAULT_SHORTCUT_SETTINGS, 'j')).toBe('shuttleBack');
    expect(actionOfKey(DEFAULT_SHORTCUT_SETTINGS, 'k')).toBe('pause');
    expect(actionOfKey(DEFAULT_SHORTCUT_SETTINGS, '?')).toBe('help');
    expect(actionOfKey(DEFAULT_SHORTCUT_SETTINGS, 'p')).toBeUndefined();
  });

  it('gives an action a new key, which then no longer does what it did', () => {
    const remapped = withKeys({ pause: 'p' });
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', 'P')).toBeNull();
    expect(actionOfKey(remapped, 'p')).toBe('pause');
    expect(actionOfKey(remapped, 'k')).toBeUndefined();
  });

  it('refuses a key another action has, and anything but one visible character', () => {
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', 'J')).toBe('taken');
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', 'k')).toBeNull();
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', '')).toBe('notOneCharacter');
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', ' ')).toBe('notOneCharacter');
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', 'ab')).toBe('notOneCharacter');
    expect(remapRefusal(DEFAULT_SHORTCUT_SETTINGS, 'pause', 'é')).toBeNull();
  });

  it('reads back what was stored, and falls back to the defaults on anything broken', () => {
    const stored = JSON.stringify({ enabled: false, keys: { ...DEFAULT_SHORTCUT_SETTINGS.keys, help: 'H' } });
    expect(parseShortcutSettings(stored)).toEqual({
      enabled: false,
      keys: { ...DEFAULT_SHORTCUT_SETTINGS.keys, help: 'h' },
    });
    expect(parseShortcutSettings(null)).toEqual(DEFAULT_SHORTCUT_SETTINGS);
    expect(parseShortcutSettings('{not json')).toEqual(DEFAULT_SHORTCUT_SETTINGS);
    // Two actions on one key cannot both work: the keys go back to the defaults, the switch stays.
    const clash = JSON.stringify({ enabled: true, keys: { pause: 'j' } });
    expect(parseShortcutSettings(clash)).toEqual(DEFAULT_SHORTCUT_SETTINGS);
    expect(parseShortcutSettings(JSON.stringify({ keys: { pause: 'pp' } })).keys.pause).toBe('k');
  });
});
