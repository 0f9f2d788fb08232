/**
 * idb-keyval's default database, read and written directly, as the page's own scripts (or another
 * version of the app) would see it.
 */
const DATABASE = 'keyval-store'
const STORE = 'keyval'

function request<T>(make: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE)
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const database = opening.result
      const call = make(database.transaction(STORE, mode).objectStore(STORE))
      call.onsuccess = () => {
        database.close()
        resolve(call.result)
      }
      call.onerror = () => reject(call.error)
    }
  })
}

export const readStored = (key: string) => request<unknown>((store) => store.get(key), 'readonly')

export const writeStored = (key: string, value: unknown) =>
  request((store) => store.put(value, key), 'readwrite')

/** Every key and value the database holds. */
export async function readAllStored(): Promise<Record<string, unknown>> {
  const keys = await request((store) => store.getAllKeys(), 'readonly')
  const values = await request((store) => store.getAll(), 'readonly')
  return Object.fromEntries(keys.map((key, index) => [String(key), values[index]]))
}
