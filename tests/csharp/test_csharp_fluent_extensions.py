"""C# extension methods and static members of a library of result types (the shapes of
vkhorikov/CSharpFunctionalExtensions, held-out 2026-11-27f, a tuning case since 2026-11-27g;
fixture written for this test, checked with the real mcs):

- a fluent chain of extension methods (``GetById(id).ToResult(...).OnSuccess(...).OnSuccess(...)
  .OnSuccess(...).OnBoth(...)``) whose methods have several overloads in their static class:
  the error of the emptied class names the receiver's type (``Result<T>``), not the static
  class, and the overloads made one class look like several candidates, so no use was
  attributed (``Map`` inside a lambda);
- with F's overloads gone, mcs binds ``.OnSuccess(c => c.AddBalance(m))`` to another file's
  overload (``OnSuccess(this Result<T>, Func<T, Task>)``) and reports a conversion error in the
  argument (CS0029/CS1662/CS1643), naming no member: the call of F's extension method around it
  is the use;
- uses masked behind an earlier call of the chain once their member came back because of a use
  elsewhere (``.OnFailure(...)`` inside the third lambda, ``.OnBoth(...)`` at the end): the
  unmasking rounds leave them empty, but no longer the member whose only unreported accesses sit
  behind an access of the same member (``.OnSuccess(...).OnSuccess(...)``), which re-masked
  everything; ``OnBoth`` needs the second unmasking round;
- ``Maybe<string>.None.Select(...)`` with two ``Select`` overloads (the first cause);
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

        public static Result<K> OnSuccess<T, K>(this Result<T> result, Func<T, Result<K>> func)
        {
            return result.IsSuccess ? func(result.Value) : new Result<K>(false, result.Error, default(K));
        }

        public static Result<T> OnSuccess<T>(this Result<T> result, Func<T, Result> func)
        {
            if (result.IsSuccess)
                func(result.Value);
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
    'Lib/AsyncResultExtensions.cs': """using System;
using System.Threading.Tasks;

namespace Fx
{
    public static class AsyncResultExtensions
    {
        public static async Task<Result<K>> OnSuccess<T, K>(this Task<Result<T>> resultTask, Func<T, K> func)
        {
            Result<T> result = await resultTask;
            return result.OnSuccess(func);
        }

        public static async Task<Result> OnFailure(this Task<Result> resultTask, Action action)
        {
            Result result = await resultTask;
            return result.OnFailure(action);
        }

        public static async Task<K> OnBoth<T, K>(this Task<Result<T>> resultTask, Func<Result<T>, K> func)
        {
            Result<T> result = await resultTask;
            return result.OnBoth(func);
        }
    }
}
""",
    'Lib/AsyncRightExtensions.cs': """using System;
using System.Threading.Tasks;

namespace Fx
{
    public static class AsyncRightExtensions
    {
        public static async Task<Result<T>> OnSuccess<T>(this Result<T> result, Func<T, Task> action)
        {
            if (result.IsSuccess)
                await action(result.Value);
            return result;
        }

        public static async Task<Result> OnFailure(this Result result, Func<Task> func)
        {
            if (!result.IsSuccess)
                await func();
            return result;
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
                .OnSuccess(customer => gateway.Save(customer)
                    .OnFailure(() => gateway.Rollback()))
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
                return Result.Ok();
            }

            public void Rollback()
            {
            }
        }
    }
}
""",
    'App/Billing.cs': """using Fx;

namespace App
{
    public class Billing
    {
        public string Close(Result<int> invoice)
        {
            invoice.OnSuccess(n => n + 1);
            Result.Ok().OnFailure(() => { });
            return invoice.OnBoth(r => r.IsSuccess ? "paid" : r.Error);
        }
    }
}
""",
}


def row(needle: str, occurrence: int = 1, file: str = "App/Checkout.cs") -> int:
    rows = [i for i, line in enumerate(FILES[file].split("\n"), 1) if needle in line]
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
        (row(".OnFailure("), "OnFailure", "Lib/ResultExtensions.cs"),
        (row(".OnBoth("), "OnBoth", "Lib/ResultExtensions.cs"),
        (row(".Select("), "Select", "Lib/MaybeExtensions.cs"),
        (row("Result.Ok()", 1), "Ok", "Lib/Result.cs"),
        (row("Result.Ok()", 2), "Ok", "Lib/Result.cs"),
    }
    assert expected <= got, sorted(expected - got)
    assert all(f.startswith("Lib/") for _, _, f in got)
    billing = {(u.line, u.member, u.definition_file) for u in usages if u.file == "App/Billing.cs" and u.member}
    assert {(row("OnSuccess", file="App/Billing.cs"), "OnSuccess", "Lib/ResultExtensions.cs"),
            (row("OnFailure", file="App/Billing.cs"), "OnFailure", "Lib/ResultExtensions.cs")} <= billing
    # the second OnSuccess of the chain is no first use, and no use is made up at the lambdas
    assert not {u for u in usages if u.file == "App/Checkout.cs" and u.member == "OnSuccess"
                and u.line == row(".OnSuccess(customer => gateway.Charge")}
