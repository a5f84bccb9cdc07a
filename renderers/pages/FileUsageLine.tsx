/**
 * One quiet line under a documents page's title: how much file storage the person has used of what
 * they may upload, and for those who manage the company's files the company's too. It says nothing
 * while loading or when the figures cannot be had: the page works without them. A status region,
 * so a screen reader hears new figures; the parts wrap whole on a narrow screen.
 */
import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fileUsageParts } from '../format/file-usage-text.ts';
import { useClient } from '../session/session.tsx';
import { fileUsageQuery } from '../screens/queries.ts';

export function FileUsageLine() {
  const client = useClient();
  const usage = useQuery(fileUsageQuery(client));
  const parts = usage.data ? fileUsageParts(usage.data) : [];
  return (
    <p className="file-usage muted" role="status">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className="file-usage__part">{part}</span>
        </Fragment>
      ))}
    </p>
  );
}
