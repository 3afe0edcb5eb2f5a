/** The copy icon, or a check once copied (spec 2.15); drawn like src/ui/Icon, which has neither shape. */
export function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg className="ui-icon" width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" focusable="false" aria-hidden="true" data-icon={copied ? 'check' : 'copy'}>
      {copied ? <path d="m5 12 5 5 9-10" /> : <><rect x="8" y="8" width="12" height="12" rx="2" /><path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" /></>}
    </svg>
  );
}
