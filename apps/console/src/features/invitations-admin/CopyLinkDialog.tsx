import { CopyOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { App, Button, Input, Modal, Space } from 'antd';
import { errorText } from '../../api/client.ts';

/** The invitation link with a Copy button; a refused clipboard shows its error. */
export function CopyLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success(MSG.copied);
    } catch (e) {
      message.error(errorText(e));
    }
  };
  return (
    <Modal open title={LABEL.copyLink} width="30%" style={{ minWidth: 380 }} footer={null} onCancel={onClose}>
      <Space.Compact block>
        <Input readOnly value={link} aria-label="Invitation link" data-testid="invitation-link" />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
          {LABEL.copy}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
