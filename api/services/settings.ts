// The kiosk's settings stream: read, update, reset to SPEC's defaults, and the first start's seed.
import {
  SETTINGS_STREAM,
  currentSettings,
  defaultSettings,
  settingsDecider,
  type Settings,
} from '../../domain/settings/settings.js';
import type { Commands } from './commands.js';

export class SettingsService {
  constructor(private readonly commands: Commands) {}

  /** The settings in effect, from the stream itself (exact, never lagging). */
  async current(): Promise<Settings> {
    return currentSettings((await this.commands.load(SETTINGS_STREAM, settingsDecider)).state);
  }

  async update(settings: Settings, actor: string): Promise<Settings> {
    await this.commands.write(SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', settings }, actor);
    return settings;
  }

  async reset(actor: string): Promise<Settings> {
    const current = await this.current();
    // The admin e-mail is where bookings are announced, and the seller's details and financial
    // year are the business's identity, not booking settings: a reset keeps them.
    const defaults = {
      ...defaultSettings(current.admin_email),
      seller: current.seller,
      financial_year_start_month: current.financial_year_start_month,
      // The kiosk's name and tagline are its identity too (rule: kiosk-identity).
      kiosk_name: current.kiosk_name,
      kiosk_tagline: current.kiosk_tagline,
    };
    await this.commands.write(SETTINGS_STREAM, settingsDecider, { type: 'ResetSettings', defaults }, actor);
    return defaults;
  }

  /** Seeds the defaults on an empty store; later starts change nothing. */
  async seed(adminEmail: string | undefined) {
    await this.commands.bus.handle(
      SETTINGS_STREAM,
      settingsDecider,
      { type: 'InitialiseSettings', defaults: defaultSettings(adminEmail) },
      this.commands.meta('system'),
    );
  }
}
