import type { SplitItem } from '@mchweb/contract';
import { ReceiverTypeIcon } from './tags';

type Receiver = SplitItem['receivers'][number];

/** One receiver on one line: its kind, name (or the masked card and bank of an outside party) and ratio. */
export function ReceiverLine({ r }: { r: Receiver }) {
  return (
    <li className="split-receiver-line">
      <ReceiverTypeIcon type={r.type} />
      <span className="split-receiver-name">
        {r.name}
        {r.type === 'EXTERNAL' && r.accountNoMasked && <span className="split-mono"> {r.accountNoMasked}</span>}
      </span>
      <span className="split-ratio-value">{r.ratio}%</span>
    </li>
  );
}

/** An application's receivers with their ratios, as a list (a table cell, a phone card). */
export function ReceiverList({ item }: { item: SplitItem }) {
  return (
    <ul className="split-receiver-list" data-testid={`split-receivers-${item.applyNo}`}>
      {item.receivers.map((r, i) => (
        <ReceiverLine key={`${r.type}-${r.mchNo ?? r.name}-${i}`} r={r} />
      ))}
    </ul>
  );
}
