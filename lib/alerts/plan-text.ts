import type { AlertPlan } from './run';

/** The plan of an alerts run as staff read it (npm run alerts), one line per mail and per event. */
export function planLines(plan: AlertPlan, dryRun: boolean): string[] {
  if (plan.baseline) return [`First run: the catalogue ${dryRun ? 'would be' : 'was'} recorded as it is; nobody is told anything.`];
  const lines: string[] = [];
  for (const mail of plan.mails) {
    const when = mail.due ? 'now' : `digest due ${mail.dueAt.toISOString()}`;
    lines.push(`${mail.email} (${mail.language}) ${mail.kind} ${mail.subscriptionId} ${mail.frequency}: ${mail.events} event(s), mail ${when}`);
    for (const event of plan.events.filter((candidate) => candidate.subscriptionId === mail.subscriptionId)) {
      const change = event.detail.from !== undefined || event.detail.to !== undefined ? ` ${String(event.detail.from ?? 'on demand')} -> ${String(event.detail.to ?? 'on demand')}` : '';
      lines.push(`  ${event.event} #${event.propertyId} ${event.detail.card.title}${change}`);
    }
  }
  const verb = dryRun ? 'would be' : 'were';
  lines.push(`${plan.events.length} new event(s); ${plan.mails.filter((mail) => mail.due).length} mail(s) ${verb} queued now, ${plan.mails.filter((mail) => !mail.due).length} digest(s) wait.`);
  return lines;
}
