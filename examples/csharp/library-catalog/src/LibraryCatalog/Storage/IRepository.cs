using System;
using System.Collections.Generic;

namespace LibraryCatalog.Storage
{
    /// <summary>Keyed storage of one kind of entity.</summary>
    public interface IRepository<TKey, TEntity>
    {
        int Count { get; }

        TEntity Find(TKey key);

        bool Contains(TKey key);

        void Save(TKey key, TEntity entity);

        bool Remove(TKey key);

        IEnumerable<TEntity> All();

        IEnumerable<TEntity> Where(Func<TEntity, bool> predicate);
    }
}
