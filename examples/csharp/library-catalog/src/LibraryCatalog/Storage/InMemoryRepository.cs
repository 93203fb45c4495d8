using System;
using System.Collections.Generic;
using System.Linq;

namespace LibraryCatalog.Storage
{
    /// <summary>A dictionary-backed repository, used by the services and the tests.</summary>
    public class InMemoryRepository<TKey, TEntity> : IRepository<TKey, TEntity>
    {
        private readonly Dictionary<TKey, TEntity> items = new Dictionary<TKey, TEntity>();

        public int Count => items.Count;

        public int Version { get; private set; }

        public TEntity Find(TKey key)
        {
            TEntity found;
            return items.TryGetValue(key, out found) ? found : default(TEntity);
        }

        public bool Contains(TKey key) => items.ContainsKey(key);

        public void Save(TKey key, TEntity entity)
        {
            items[key] = entity;
            Version++;
        }

        public bool Remove(TKey key)
        {
            var removed = items.Remove(key);
            if (removed)
            {
                Version++;
            }
            return removed;
        }

        public IEnumerable<TEntity> All() => items.Values.ToList();

        public IEnumerable<TEntity> Where(Func<TEntity, bool> predicate) => items.Values.Where(predicate).ToList();

        public void Clear()
        {
            items.Clear();
            Version++;
        }
    }
}
