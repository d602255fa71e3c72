import { Button } from 'antd';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';

/** Under a keyset list: "load more" while another page follows, else how many rows were shown. */
export function LoadMore({
  query,
  shown,
  more,
  end,
  testId,
}: {
  query: UseInfiniteQueryResult<unknown, Error>;
  shown: number;
  more: string;
  end: string;
  testId: string;
}) {
  if (shown === 0) return null;
  return (
    <div className="code-more">
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
          {more}
        </Button>
      ) : (
        <span className="code-muted">{end}</span>
      )}
    </div>
  );
}
