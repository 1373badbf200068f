import { REPORT_REASON_MAX } from '@common/contracts/communities';
import { ReportDialog } from '../../../components/ui/report-dialog';

/** Reporting a discussion or comment to the community's admin, with a short reason. */
export function ContentReportDialog({ what, onClose, send }: { what: 'discussion' | 'comment'; onClose: () => void; send: (reason: string) => Promise<{ message: string }> }) {
  return (
    <ReportDialog
      title={`Report this ${what}`}
      hint="The community’s admin sees your report and decides what to do. The author is not told who reported."
      placeholder="Spam, abuse, an unmarked spoiler…"
      maxLength={REPORT_REASON_MAX}
      emptyMessage="Say in a few words what is wrong."
      send={send}
      onClose={onClose}
    />
  );
}

export const fieldClass = 'w-full rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2.5 text-sm placeholder:text-[var(--muted)]/70 focus-ring';

/** 'edited' beside a time when there was an edit. */
export function Edited({ at }: { at: string | null }) {
  return at ? <span title={new Date(at).toLocaleString('en')}> · edited</span> : null;
}
