// The kiosk's own name, tagline and logo (rule: kiosk-identity): the name and tagline are settings
// (the settings stream), the logo a stream of its own holding the image.
import { createHash } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors.js';
import { logoTypeOf } from '../../domain/settings/kiosk.js';
import { LOGO_STREAM, logoDecider, type Logo } from '../../domain/settings/logo.js';
import type { Commands } from './commands.js';
import type { SettingsService } from './settings.js';

export class KioskService {
  /** The logo as last read, by the stream's revision: served on every page's header. */
  private cached: { revision: number; logo: Logo | null } | null = null;

  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
  ) {}

  async logo(): Promise<Logo | null> {
    const { state, revision } = await this.commands.load(LOGO_STREAM, logoDecider);
    if (this.cached?.revision !== revision) this.cached = { revision, logo: state.logo };
    return this.cached.logo;
  }

  /** The logo's stable URL, with its version so a new logo is never an old one from a cache. */
  async logoUrl(): Promise<string | null> {
    const logo = await this.logo();
    return logo ? `/api/kiosk/logo?v=${logo.version}` : null;
  }

  async identity() {
    const settings = await this.settings.current();
    const logo = await this.logo();
    return {
      name: settings.kiosk_name,
      tagline: settings.kiosk_tagline,
      logo_url: logo ? `/api/kiosk/logo?v=${logo.version}` : null,
      logo_type: logo?.type ?? null,
    };
  }

  /** Checks the file by its content (PNG or SVG, size-limited) and stores it; a Swedish 400 otherwise. */
  async upload(dataBase64: string, actor: string): Promise<string> {
    const bytes = Buffer.from(dataBase64, 'base64');
    const checked = logoTypeOf(bytes);
    if ('error' in checked) throw new DomainError(checked.error, 'rejected');
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    await this.commands.write(
      LOGO_STREAM,
      logoDecider,
      { type: 'UploadLogo', logo: { type: checked.type, data_base64: bytes.toString('base64'), version } },
      actor,
    );
    return `/api/kiosk/logo?v=${version}`;
  }

  async remove(actor: string): Promise<void> {
    await this.commands.write(LOGO_STREAM, logoDecider, { type: 'RemoveLogo' }, actor);
  }
}
