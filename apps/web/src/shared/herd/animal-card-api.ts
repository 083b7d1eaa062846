import { getHerdAnimal } from "@nadoy/contract/herd";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../lib/api-client.ts";

/** GET the card of one animal of a herd database; nothing is asked while no animal is chosen. */
export function useHerdAnimal(dbUuid: string, animalUuid: string | null) {
  return useQuery({
    queryKey: ["herd", dbUuid, "animal", animalUuid],
    queryFn: () => callApi(getHerdAnimal, { params: { db_uuid: dbUuid, animal_uuid: animalUuid ?? "" } }),
    enabled: animalUuid !== null,
  });
}
