using System;
using Newtonsoft.Json;
using Missing.Framework.Web;

namespace App
{
    public class Service : ControllerBase
    {
        public JsonSerializer Serializer { get; set; }
        public int Broken() { int x = "body"; return x; }
    }
}
