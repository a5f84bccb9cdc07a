/**
 * A router Link that starts loading what its page needs (prefetch.ts) as soon as the user is about
 * to follow it: pointer over it, pointer down, or keyboard focus.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, type LinkProps } from 'react-router';
import { useClient } from '../session/session.tsx';
import { prefetchPath } from './prefetch.ts';

export function PrefetchLink(props: LinkProps & { to: string }) {
  const queryClient = useQueryClient();
  const client = useClient();
  const { onPointerEnter, onPointerDown, onFocus } = props;
  const warm = () => prefetchPath(queryClient, client, props.to.split(/[?#]/)[0]);
  return (
    <Link
      {...props}
      onPointerEnter={(e) => {
        warm();
        onPointerEnter?.(e);
      }}
      onPointerDown={(e) => {
        warm();
        onPointerDown?.(e);
      }}
      onFocus={(e) => {
        warm();
        onFocus?.(e);
      }}
    />
  );
}
