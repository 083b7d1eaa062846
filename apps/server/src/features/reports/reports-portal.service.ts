import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { PortalGroup, ReportEmbed, ReportsPortal } from "@nadoy/contract/reports";
import type { Db } from "../../db/client.ts";
import { type ReportsViewer, seesEveryReport, visibleReports } from "../../platform/access/reports.ts";
import { ApiError } from "../../platform/errors.ts";
import { datalensEmbed, EmbedKeyError, type EmbedParams, metabaseEmbed } from "./embed-token.ts";
import { asProvider } from "./report-dto.ts";
import { placeholderHost, placeholderSiteText } from "./report-site.ts";
import * as repo from "./reports.repository.ts";

// The reports portal (contract reports.ts): what a user may open, the address an iframe opens
// (signed for Metabase and DataLens), and a user's groups. Anything not visible answers 404 alike.

export const REPORT_NOT_CONFIGURED_TEXT = "Отчёт не настроен: нет ключа встраивания";
export const REPORT_KEY_INVALID_TEXT = "Отчёт не настроен: ключ встраивания не подходит";

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
const notConfigured = (message: string) => new ApiError(409, ErrorCode.conflict, message);

const displayName = (user: { username: string; firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.username;

export function createReportsPortalService(db: Db) {
  /**
   * The companies a signed embed is limited to: the viewer's own; for superusers and admins the
   * report's company, or none for a report of no company.
   */
  async function restriction(viewer: ReportsViewer, reportCompanyUuid: string | null): Promise<string[]> {
    if (seesEveryReport(viewer)) return reportCompanyUuid === null ? [] : [reportCompanyUuid];
    return repo.companyUuidsOf(db, viewer.id);
  }

  return {
    portal: (viewer: ReportsViewer): Promise<ReportsPortal> => visibleReports(db, viewer),

    async embed(viewer: ReportsViewer, uuid: string): Promise<ReportEmbed> {
      const { reports } = await visibleReports(db, viewer);
      const report = reports.find((r) => r.uuid === uuid);
      if (!report) throw notFound();
      const settings = await repo.embedSettings(db, report.pk);
      if (!settings) throw notFound();
      const provider = asProvider(settings.provider);
      if (provider === "url") return { report, provider, url: settings.url, expires_at: null };
      // A token for a site that cannot exist would open a frame that never shows anything.
      const placeholder = placeholderHost(settings.url);
      if (placeholder !== null) throw notConfigured(placeholderSiteText(provider, placeholder));
      if (settings.secret === null) throw notConfigured(REPORT_NOT_CONFIGURED_TEXT);
      const params: EmbedParams = {};
      if (settings.restrictParam !== null) {
        params[settings.restrictParam] = await restriction(viewer, settings.companyUuid);
      }
      const input = { url: settings.url, resourceId: settings.resourceId, secret: settings.secret, params };
      try {
        const signed = provider === "metabase" ? metabaseEmbed(input) : datalensEmbed(input);
        return { report, provider, url: signed.url, expires_at: signed.expiresAt.toISOString() };
      } catch (error) {
        if (error instanceof EmbedKeyError) throw notConfigured(REPORT_KEY_INVALID_TEXT);
        throw error;
      }
    },

    /** The user themselves, or a superuser or admin; to anyone else the user does not exist. */
    async userGroups(
      caller: ReportsViewer,
      userId: number,
    ): Promise<{ user: { id: number; name: string }; groups: PortalGroup[] }> {
      if (caller.id !== userId && !seesEveryReport(caller)) throw notFound();
      const user = await repo.findViewer(db, userId);
      if (!user) throw notFound();
      const { groups } = await visibleReports(db, user);
      return { user: { id: user.id, name: displayName(user) }, groups };
    },
  };
}
