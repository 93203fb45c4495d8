"""C# extension methods and static members of a library of result types (the shapes of
vkhorikov/CSharpFunctionalExtensions, held-out 2026-11-27f, a tuning case since 2026-11-27g;
fixture written for this test, checked with the real mcs):

- a fluent chain of extension methods (``GetById(id).ToResult(...).OnSuccess(...).OnSuccess(...)
  .OnBoth(...)``) whose methods have several overloads in their static class: the error of the
  emptied class names the receiver's type (``Result<T>``), not the static class, and the
  overloads made one class look like several candidates, so no use was attributed and the rest
  of the chain stayed masked (``Map`` inside a lambda, ``OnBoth`` at the end);
- ``Maybe<string>.None.Select(...)`` with two ``Select`` overloads (the same cause);
- ``Result.Ok()`` where the file declares both ``Result`` and ``Result<T>``: the error names
  ``Fx.Result``, and the generic struct of the same full name was taken for it.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    'Lib.csproj': """<Project Sdk="Microsoft.NET.Sdk"></Project>
""",
    'Lib/Result.cs': """using System;

namespace Fx
{
    public struct Result
    {
        public bool IsSuccess { get; }
        public string Error { get; }

        private Result(bool isSuccess, string error)
        {
            IsSuccess = isSuccess;
            Error = error;
        }

        public static Result Ok()
        {
            return new Result(true, null);
        }

        public static Result<T> Ok<T>(T value)
        {
            return new Result<T>(true, null, value);
        }

        public static Result Fail(string error)
        {
            return new Result(false, error);
        }
    }

    public struct Result<T>
    {
        public bool IsSuccess { get; }
        public string Error { get; }
        public T Value { get; }

        internal Result(bool isSuccess, string error, T value)
        {
            IsSuccess = isSuccess;
            Error = error;
            Value = value;
        }
    }
}
""",
    'Lib/Maybe.cs': """namespace Fx
{
    public struct Maybe<T>
    {
        private readonly T _value;
        public bool HasValue { get; }

        private Maybe(T value)
        {
            _value = value;
            HasValue = value != null;
        }

        public T Value { get { return _value; } }

        public static Maybe<T> None { get { return new Maybe<T>(); } }

        public static implicit operator Maybe<T>(T value)
        {
            return new Maybe<T>(value);
        }
    }
}
""",
    'Lib/MaybeExtensions.cs': """using System;

namespace Fx
{
    public static class MaybeExtensions
    {
        public static Result<T> ToResult<T>(this Maybe<T> maybe, string errorMessage)
        {
            return maybe.HasValue ? Result.Ok(maybe.Value) : new Result<T>(false, errorMessage, default(T));
        }

        public static Maybe<K> Select<T, K>(this Maybe<T> maybe, Func<T, K> selector)
        {
            return maybe.HasValue ? selector(maybe.Value) : Maybe<K>.None;
        }

        public static Maybe<K> Select<T, K>(this Maybe<T> maybe, Func<T, Maybe<K>> selector)
        {
            return maybe.HasValue ? selector(maybe.Value) : Maybe<K>.None;
        }
    }
}
""",
    'Lib/ResultExtensions.cs': """using System;

namespace Fx
{
    public static class ResultExtensions
    {
        public static Result<K> OnSuccess<T, K>(this Result<T> result, Func<T, K> func)
        {
            return result.IsSuccess ? Result.Ok(func(result.Value)) : new Result<K>(false, result.Error, default(K));
        }

        public static Result<T> OnSuccess<T>(this Result<T> result, Action<T> action)
        {
            if (result.IsSuccess)
                action(result.Value);
            return result;
        }

        public static Result<T> Map<T>(this Result result, Func<T> func)
        {
            return result.IsSuccess ? Result.Ok(func()) : new Result<T>(false, result.Error, default(T));
        }

        public static Result OnFailure(this Result result, Action action)
        {
            if (!result.IsSuccess)
                action();
            return result;
        }

        public static K OnBoth<T, K>(this Result<T> result, Func<Result<T>, K> func)
        {
            return func(result);
        }

        public static T OnBoth<T>(this Result result, Func<Result, T> func)
        {
            return func(result);
        }
    }
}
""",
    'App/Checkout.cs': """using Fx;

namespace App
{
    public class Checkout
    {
        public string Run(int customerId, decimal amount)
        {
            var gateway = new Gateway();
            return GetById(customerId)
                .ToResult("Customer not found: " + customerId)
                .OnSuccess(customer => customer.AddBalance(amount))
                .OnSuccess(customer => gateway.Charge(customer, amount).Map(() => customer))
                .OnBoth(result => result.IsSuccess ? "OK" : result.Error);
        }

        public bool Empty()
        {
            return Maybe<string>.None.Select(_ => 42).HasValue;
        }

        private Maybe<Customer> GetById(long id)
        {
            return new Customer();
        }

        private class Customer
        {
            public void AddBalance(decimal amount)
            {
            }
        }

        private class Gateway
        {
            public Result Charge(Customer customer, decimal amount)
            {
                return Result.Ok();
            }

            public Result Save(Customer customer)
            {
                return Result.Ok().OnFailure(() => Rollback());
            }

            public void Rollback()
            {
            }
        }
    }
}
""",
}


def row(needle: str, occurrence: int = 1) -> int:
    rows = [i for i, line in enumerate(FILES["App/Checkout.cs"].split("\n"), 1) if needle in line]
    return rows[occurrence - 1]


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_overloaded_extension_methods_in_a_chain_and_same_named_generic_types(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "App/Checkout.cs" and u.member}
    expected = {
        (row(".ToResult("), "ToResult", "Lib/MaybeExtensions.cs"),
        (row(".OnSuccess(customer => customer"), "OnSuccess", "Lib/ResultExtensions.cs"),
        (row(".Map("), "Map", "Lib/ResultExtensions.cs"),
        (row(".OnBoth("), "OnBoth", "Lib/ResultExtensions.cs"),
        (row(".Select("), "Select", "Lib/MaybeExtensions.cs"),
        (row("Result.Ok()", 1), "Ok", "Lib/Result.cs"),
        (row("Result.Ok()", 2), "Ok", "Lib/Result.cs"),
        (row(".OnFailure("), "OnFailure", "Lib/ResultExtensions.cs"),
    }
    assert expected <= got, sorted(expected - got)
    assert all(f.startswith("Lib/") for _, _, f in got)
