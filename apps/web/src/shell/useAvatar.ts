import { useQuery } from '@tanstack/react-query';
import { authHeaders } from '../api/client.ts';

/**
 * The picture to show for a user's `avatar`: a picture kept by the server is read with the
 * caller's token (an <img> cannot send it) and shown from memory; an outside address (a social
 * provider's picture) is used as it is; none gives undefined, and the caller shows an icon.
 */
export function useAvatarSrc(avatar: string | undefined): string | undefined {
  const kept = !!avatar && avatar.startsWith('/api/');
  const picture = useQuery({
    queryKey: ['avatar', avatar],
    enabled: kept,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      const response = await fetch(avatar as string, { headers: authHeaders() });
      if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return null;
      return URL.createObjectURL(await response.blob());
    },
  });
  if (!avatar) return undefined;
  if (!kept) return /^https?:\/\//.test(avatar) ? avatar : undefined;
  return picture.data ?? undefined;
}
