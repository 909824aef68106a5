import { CopyOutlined } from '@ant-design/icons';
import { MSG } from '@atk/contract';
import { App, Button, Input } from 'antd';

/** Copies a text: the Clipboard API, or the selection of its read-only box where that API is missing. */
async function copyText(text: string, box: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!box) return false;
    box.select();
    return document.execCommand('copy');
  }
}

/** A generated code (an instance's launch codes) read-only, with a button that copies it. */
export function CodeBox({ label, code, testId }: { label: string; code: string; testId: string }) {
  const { message } = App.useApp();
  const id = `instance-${testId}`;
  return (
    <div className="instance-code" data-testid={testId}>
      <div className="instance-code__head">
        <label htmlFor={id} className="instance-code__label">
          {label}
        </label>
        <Button
          size="small"
          icon={<CopyOutlined />}
          aria-label={`Copy ${label}`}
          onClick={async () => {
            const box = document.getElementById(id) as HTMLTextAreaElement | null;
            if (await copyText(code, box)) message.success(MSG.copied);
          }}
        />
      </div>
      <Input.TextArea
        id={id}
        value={code}
        readOnly
        autoSize={{ minRows: 2, maxRows: 6 }}
        className="instance-code__text"
      />
    </div>
  );
}
