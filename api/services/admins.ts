// The admins stream: staff accounts, sign-in, and sessions kept server-side (started, ended,
// listed), so a session holds across restarts and processes and ends everywhere at once.
import { randomBytes } from 'node:crypto';
import { ADMINS_STREAM, adminByEmail, adminsDecider, ownerCount, type Admin } from '../../domain/admins/admins.js';
import type { AdminRole } from '../../domain/admins/roles.js';
import { msg } from '../../domain/messages.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type AdminSessionDoc } from '../../read-models/shapes.js';
import { hashPassword, verifyPassword, verifyPasswordAsync } from '../auth/password.js';
import type { Commands } from './commands.js';
import { normaliseEmail } from '../../domain/customers/personalData.js';

// A valid hash of a random password nobody knows.
const UNKNOWN_ADMIN_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** An admin as the API shows one: never the password hash. */
export const adminView = (admin: Admin) => ({ id: admin.id, name: admin.name, email: admin.email, role: admin.role });

export class AdminsService {
  constructor(
    private readonly commands: Commands,
    private readonly docs: DocumentStore,
  ) {}

  private async state() {
    return (await this.commands.load(ADMINS_STREAM, adminsDecider)).state;
  }

  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD create the first owner, once (rule: admin-bootstrap): at a start
   * where an owner exists they change nothing, so a password changed in the app stays. With
   * neither set and no admin yet, an owner is made with a random password, which is returned so
   * the caller can print it once.
   */
  async bootstrap(
    email: string | undefined,
    password: string | undefined,
  ): Promise<{ email: string; generatedPassword: string | null }> {
    const admins = await this.state();
    if (ownerCount(admins) > 0) {
      const first = [...admins.admins.values()].find((a) => a.role === 'owner')!;
      return { email: first.email, generatedPassword: null };
    }
    let generatedPassword: string | null = null;
    if (!email || !password) {
      email = email ?? 'admin@pizzakiosken.se';
      password = generatedPassword = randomBytes(12).toString('base64url');
    }
    await this.commands.bus.handle(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'BootstrapOwner', email, name: 'Administratör', password_hash: await hashPassword(password) },
      this.commands.meta('system'),
    );
    return { email: normaliseEmail(email), generatedPassword };
  }

  /** The owner adds an account (rule: admin-accounts). */
  async add(input: { name: string; email: string; role: AdminRole; password: string }, actor: Admin): Promise<Admin> {
    const password_hash = await hashPassword(input.password);
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'AddAdmin', name: input.name, email: input.email, role: input.role, password_hash, actor: actor.email },
      actor.email,
    );
    return adminByEmail(await this.state(), input.email)!;
  }

  /** An admin changes their own password; their other sessions end, this one goes on. */
  async changeOwnPassword(admin: Admin, sessionId: string | null, current: string, next: string) {
    const password_hash = await hashPassword(next);
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      {
        type: 'ChangeOwnPassword',
        id: admin.id,
        session_id: sessionId,
        currentMatches: (hash) => verifyPassword(current, hash),
        password_hash,
        now: this.commands.clock().now,
      },
      admin.email,
    );
  }

  /** The owner sets a colleague's password; every session of theirs ends. */
  async resetPassword(id: number, password: string, actor: Admin) {
    const password_hash = await hashPassword(password);
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      {
        type: 'ResetPassword',
        id,
        password_hash,
        actor_id: actor.id,
        actor: actor.email,
        now: this.commands.clock().now,
      },
      actor.email,
    );
  }

  async setRole(id: number, role: AdminRole, actor: Admin): Promise<Admin> {
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'SetRole', id, role, actor: actor.email },
      actor.email,
    );
    return (await this.byId(id))!;
  }

  async list(): Promise<Admin[]> {
    return [...(await this.state()).admins.values()];
  }

  async byId(id: number): Promise<Admin | undefined> {
    return (await this.state()).admins.get(id);
  }

  async remove(id: number, actor: Admin) {
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'RemoveAdmin', id, actor_id: actor.id, actor: actor.email, now: this.commands.clock().now },
      actor.email,
    );
  }

  /** The admin with these credentials; an unknown e-mail costs the same hash as a wrong password, so timing tells nothing. */
  async verifyCredentials(email: string, password: string): Promise<Admin> {
    const admin = adminByEmail(await this.state(), email);
    const valid = await verifyPasswordAsync(password, admin?.password_hash ?? UNKNOWN_ADMIN_HASH);
    if (!admin || !valid) throw new DomainError(msg.wrongCredentials, 'unauthorized');
    return admin;
  }

  async startSession(admin: Admin, sessionId: string, hours: number) {
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'StartSession', admin_id: admin.id, session_id: sessionId, now: this.commands.clock().now, hours },
      admin.email,
    );
  }

  async endSession(sessionId: string, reason: 'logout' | 'ended_by_admin', actor: string) {
    await this.commands.write(
      ADMINS_STREAM,
      adminsDecider,
      { type: 'EndSession', session_id: sessionId, reason, actor, now: this.commands.clock().now },
      actor,
    );
  }

  /** The admin a session belongs to, while the server knows it, it has not ended or expired, and the admin exists. */
  async sessionAdmin(sessionId: string | null): Promise<Admin | null> {
    const session = sessionId ? await this.docs.get<AdminSessionDoc>(COLLECTIONS.adminSessions, sessionId) : null;
    if (!session || Date.parse(session.expires_at) <= this.commands.clock().now.getTime()) return null;
    return (await this.byId(session.admin_id)) ?? null;
  }

  /** Live sessions of existing admins, newest first; `current` marks the asking one. The id is a hash, never the cookie. */
  async liveSessions(currentSessionId: string | null) {
    const now = this.commands.clock().now.toISOString();
    const [sessions, admins] = await Promise.all([
      this.docs.find<AdminSessionDoc>(COLLECTIONS.adminSessions, { expires_at: { $gt: now } }),
      this.list(),
    ]);
    const emails = new Map(admins.map((a) => [a.id, a.email]));
    return sessions
      .filter((s) => emails.has(s.admin_id))
      .sort((a, b) => b.started_at.localeCompare(a.started_at))
      .map((s) => ({
        id: s.id,
        admin_id: s.admin_id,
        admin_email: emails.get(s.admin_id)!,
        started_at: s.started_at,
        expires_at: s.expires_at,
        current: s.id === currentSessionId,
      }));
  }
}
