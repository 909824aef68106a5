import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** Last resort for a render or chunk-load failure (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="Reload the page to try again."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
