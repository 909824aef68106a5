import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';

/**
 * A copy rendered inside an aria-hidden part (antd's table measures its column titles in a hidden row) must not
 * take the focus: the keyboard would reach a button no screen reader can name.
 */
const unfocusableWhenHidden = (el: HTMLButtonElement | null) => {
  if (el?.closest('[aria-hidden="true"]')) el.tabIndex = -1;
};

/**
 * A one-line explanation beside a label (a column title, a field): a question-mark button named 'About {topic}'
 * that shows the text on hover and on keyboard focus, so it is reachable without a mouse (docs/accessibility.md).
 */
export function InfoTip({ topic, text }: { topic: string; text: string }) {
  return (
    <Tooltip title={text} trigger={['hover', 'focus']}>
      <button type="button" className="info-tip" aria-label={`About ${topic}`} ref={unfocusableWhenHidden}>
        <QuestionCircleOutlined aria-hidden />
      </button>
    </Tooltip>
  );
}
