/** Which companies each of these users belongs to (users without any are absent or map to []). */
export type MembershipLoader = (userIds: number[]) => Promise<Map<number, number[]>>;

/** How many users' companies an instance keeps; past it, it starts again (each is one small query away). */
const MAX_KNOWN_USERS = 50_000;

/** Answers a user's companies from what `lookup` loaded (an unknown user has none). */
export type CompaniesOf = (userId: number) => readonly number[];

/**
 * The companies of the users whose presence this instance passes on: a user learns the presence
 * only of users who share a company with them. Loaded on first need, a user at a time or many in
 * one query, and forgotten when an admin changes the user (the `callers-changed` envelope reaches
 * every instance), so that presence never waits for a query of users already known.
 */
export class CompanyDirectory {
  private readonly known = new Map<number, readonly number[]>();
  /** Bumped by every `forget`: a load that started before it must not store what it read. */
  private generation = 0;

  constructor(private readonly load: MembershipLoader) {}

  /** The companies of these users (and of any other user already known), loading the unknown in one query. */
  async lookup(userIds: Iterable<number>): Promise<CompaniesOf> {
    const missing = [...new Set(userIds)].filter((id) => !this.known.has(id));
    if (missing.length === 0) return (id) => this.known.get(id) ?? [];
    const started = this.generation;
    const loaded = await this.load(missing);
    const fresh = new Map(missing.map((id) => [id, loaded.get(id) ?? []] as const));
    if (started === this.generation) {
      if (this.known.size + fresh.size > MAX_KNOWN_USERS) this.known.clear();
      for (const [id, companies] of fresh) this.known.set(id, companies);
    }
    return (id) => fresh.get(id) ?? this.known.get(id) ?? [];
  }

  /** What is known of a user now, without loading (undefined: not known). */
  peek(userId: number): readonly number[] | undefined {
    return this.known.get(userId);
  }

  forget(userIds: readonly number[]): void {
    this.generation += 1;
    for (const id of userIds) this.known.delete(id);
  }
}

/** Whose presence a main socket may learn: everyone's (superusers), or its companies' members' and its own. */
export interface PresenceScope {
  userId: number;
  all: boolean;
  companyIds: ReadonlySet<number>;
}

/** The users of `online` the scope may see, in the same (ascending) order. */
export function visibleOnline(scope: PresenceScope, online: readonly number[], companiesOf: CompaniesOf): number[] {
  if (scope.all) return [...online];
  return online.filter((id) => mayLearnPresence(scope, id, companiesOf));
}

export function mayLearnPresence(scope: PresenceScope, userId: number, companiesOf: CompaniesOf): boolean {
  return scope.all || userId === scope.userId || companiesOf(userId).some((c) => scope.companyIds.has(c));
}

/**
 * Scopes that see the same list share one key, so that a presence change is filtered and encoded
 * once per key rather than once per socket: everyone's; one set of companies; a user with no
 * company (who sees only themselves).
 */
export function scopeKey(scope: PresenceScope): string {
  if (scope.all) return "*";
  if (scope.companyIds.size === 0) return `self:${scope.userId}`;
  return [...scope.companyIds].sort((a, b) => a - b).join(",");
}
