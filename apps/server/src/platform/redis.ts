import { Redis } from "ioredis";

export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 3_000, lazyConnect: true });
  await redis.connect();
  return redis;
}
