import { LABEL } from '@atk/contract';
import { Switch } from 'antd';

/**
 * The status of a row as a switch that saves at once (the song publish switch and the instrument
 * active toggle; an ATK song's status). Labelled 'Status {name}' for screen readers and tests.
 */
export function PublishSwitch({
  name,
  status,
  busy,
  size,
  onChange,
}: {
  name: string;
  status: number;
  busy?: boolean;
  size?: 'small';
  onChange: (status: 0 | 1) => unknown;
}) {
  return (
    <Switch
      aria-label={`${LABEL.status} ${name}`}
      checked={status === 1}
      loading={busy}
      size={size}
      checkedChildren={LABEL.statusActive}
      unCheckedChildren={LABEL.statusPending}
      onChange={(on) => onChange(on ? 1 : 0)}
    />
  );
}
